/**
 * The two ways this page leaves React: the SPEC's blocking alerts, and a full navigation to the
 * chat. They sit on one object so tests can observe them (jsdom cannot spy on `location.assign`).
 */
export const browser = {
  alert(message: string): void {
    window.alert(message);
  },
  assign(url: string): void {
    window.location.assign(url);
  },
};
