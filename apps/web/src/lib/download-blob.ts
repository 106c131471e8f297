/** Hands a file to the browser's downloads. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; revoke once they have.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
