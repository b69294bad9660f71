/**
 * Saves text as a file through a temporary link (the page's only way to write a file), and says so: the sentence to
 * show, since browsers save without a word (or after a prompt the page cannot see).
 */
export function download(fileName: string, text: string, type = 'application/json'): string {
  const blob = new Blob([text], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return `Saved ${fileName} (${sizeOf(blob.size)}) to your downloads.`;
}

function sizeOf(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
