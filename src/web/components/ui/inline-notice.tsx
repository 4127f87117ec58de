export interface Notice {
  text: string;
  tone: 'error' | 'success';
}

/** The last outcome, kept on the page: errors are announced as alerts, success as a status. */
export function InlineNotice({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return notice.tone === 'error' ? (
    <p
      role="alert"
      className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-200"
    >
      {notice.text}
    </p>
  ) : (
    <p
      role="status"
      className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-700 dark:bg-emerald-950 dark:text-emerald-200"
    >
      {notice.text}
    </p>
  );
}
