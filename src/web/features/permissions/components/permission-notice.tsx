import type { PermissionNotice as Notice } from '../lib/use-platform-connections';

/** The last alert, kept under the buttons: errors are announced as alerts, success as a status. */
export function PermissionNotice({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return notice.tone === 'error' ? (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
      {notice.text}
    </p>
  ) : (
    <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-700">
      {notice.text}
    </p>
  );
}
