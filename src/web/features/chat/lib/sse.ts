/**
 * A server-sent events reader for `fetch` bodies: feed it text chunks as they arrive and it calls
 * `onData` with each event's `data:` payload (several `data:` lines join with a newline). Comment
 * lines (`: heartbeat`) and other fields are ignored; a line may be split across chunks.
 */
export function createSseParser(onData: (data: string) => void) {
  let buffer = '';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length > 0) onData(data.join('\n'));
    data = [];
  };

  const line = (raw: string) => {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    if (field !== 'data') return;
    const value = colon === -1 ? '' : text.slice(colon + 1);
    data.push(value.startsWith(' ') ? value.slice(1) : value);
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      let end = buffer.indexOf('\n');
      while (end !== -1) {
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        end = buffer.indexOf('\n');
      }
    },
    /** The stream closed: whatever is left counts as a last event. */
    end() {
      if (buffer) line(buffer);
      buffer = '';
      dispatch();
    },
  };
}
