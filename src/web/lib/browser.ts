/**
 * The two ways a page leaves React: the blocking alerts, and a full navigation to another
 * site (the chat, a checkout page). They sit on one object so tests can observe them (jsdom
 * cannot spy on `location.assign`).
 */
export const browser = {
  alert(message: string): void {
    window.alert(message);
  },
  assign(url: string): void {
    window.location.assign(url);
  },
};
