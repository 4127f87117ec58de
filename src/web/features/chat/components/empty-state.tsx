export function ChatEmptyState() {
  return (
    <div className="text-center">
      <h1 className="text-3xl font-semibold">How can I help you today?</h1>
      <p className="mt-2 text-slate-600">What if your marketing data could talk to you?</p>
    </div>
  );
}
