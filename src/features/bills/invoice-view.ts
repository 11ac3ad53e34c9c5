/**
 * The address the browser's PDF viewer opens an invoice at: without the thumbnail sidebar (which takes half of a
 * narrow column) and fitted to the width, by the open parameters of the PDF fragment that Chromium's and Firefox's
 * viewers honour.
 */
export function invoiceViewUrl(blobUrl: string): string {
  return `${blobUrl.split('#')[0]}#navpanes=0&view=FitH`;
}
