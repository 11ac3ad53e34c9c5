/** Hands the operator a CSV file of `text`, named `name`, as the browser downloads files. */
export function downloadCsv(name: string, text: string): void {
  downloadBlob(name, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}

/** Hands the operator a file already built (a streamed export's Blob). */
export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
