/**
 * Removes query parameters from the address bar without a navigation or a history entry, so a
 * reload or a bookmark does not act on them again.
 */
export function dropFromAddress(
  names: string[],
  location: Location = window.location,
  history: History = window.history,
): void {
  const params = new URLSearchParams(location.search);
  if (!names.some((name) => params.has(name))) return;
  for (const name of names) params.delete(name);
  const rest = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
}
