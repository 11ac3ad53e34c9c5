export function chromiumExecutablePath(): string | undefined;
