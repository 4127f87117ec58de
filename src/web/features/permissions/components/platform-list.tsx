/** The platforms of SPEC.md section 2; connecting them arrives with the Meta issue. */
export function PlatformList() {
  return (
    <div className="space-y-3">
      <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
        <strong>Read-Only Access.</strong> ARLO only reads your ad performance. It can never create, change or
        delete campaigns or ads.
      </p>
      <button type="button" disabled className="w-full rounded-lg bg-slate-200 px-4 py-2 text-slate-500">
        Connect Google Ads - Coming soon
      </button>
      <p className="text-xs text-slate-500">Connections are secured by OAuth 2.0.</p>
    </div>
  );
}
