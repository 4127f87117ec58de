/** Something that could not be loaded, said as an alert, with a 'Try again'. */
export function LoadProblem({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="flex flex-wrap items-baseline gap-2 text-sm">
      <p role="alert" className="text-red-700 dark:text-red-300">
        {text}
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="font-medium text-indigo-700 underline hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
      >
        Try again
      </button>
    </div>
  );
}
