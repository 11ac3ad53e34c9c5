/** jsdom has no media queries, and Mantine asks for the preferred colour scheme: no query matches here. */
export function stubMatchMedia(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}
