export function chromiumExecutablePath(): string | undefined;
export function testChromiumExecutablePath(): string | undefined;
