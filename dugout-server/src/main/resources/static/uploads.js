// The bytes of a photo or file, sent to the upload slot's URL (docs/protocol.md,
// "Files"). XMLHttpRequest rather than fetch: only it reports upload progress.
import { DugoutError } from '/lib/dugout-client.js';

/**
 * Sends `file` with the slot's method and exactly its headers (no
 * Authorization: the URL's signature is the permission). Resolves to what was
 * stored, {uploadId, size, type, width, height}; a refusal rejects with an
 * DugoutError carrying the server's code and detail (413 too large, 415 a type not allowed…).
 *
 * @param {{url: string, method: string, headers: object}} slot
 * @param {File|Blob} file
 * @param {(fraction: number) => void} onProgress  0 to 1, as the bytes leave
 * @param {AbortSignal} [signal]  stops the upload (it then rejects like a lost connection)
 */
export function putFile(slot, file, onProgress, signal) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.open(slot.method || 'PUT', slot.url);
    for (const [name, value] of Object.entries(slot.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body?.uploadId) resolve(body);
      else reject(DugoutError.fromProblem(xhr.status, body));
    });
    const lost = () => reject(new DugoutError('network', 'the upload did not reach the server'));
    xhr.addEventListener('error', lost);
    xhr.addEventListener('abort', lost);
    xhr.addEventListener('timeout', lost);
    if (signal?.aborted) lost();
    else xhr.send(file);
  });
}

function parse(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
