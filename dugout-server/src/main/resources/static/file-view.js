// Files Dugout stores, on the page. Their downloads need my token, so an
// <img src> cannot load them: each is fetched with the token and shown through
// an object URL. Thumbnails are kept per open room (a redrawn row reuses its
// URL) and revoked when the room closes; an original opened in the viewer is
// revoked when the viewer closes, and one saved to disk soon after the save.
import { onlyApiErrors } from './api.js';
import { el } from './dom.js';

const $ = (id) => document.getElementById(id);

export class FileView {
  /**
   * @param {(path: string) => Promise<Blob>} download  a file of a room, fetched with my token
   * @param {(text: string) => void} notice  says what went wrong above the conversation
   */
  constructor(download, notice) {
    this.download = download;
    this.notice = notice;
    /** @type {Map<string, Promise<string>>} thumbnail path → object URL */
    this.thumbnails = new Map();
    this.viewer = $('viewer');
    this.viewerUrl = null;
    this.viewer.addEventListener('close', () => {
      $('viewer-image').removeAttribute('src');
      $('viewer-download').removeAttribute('href');
      if (this.viewerUrl) URL.revokeObjectURL(this.viewerUrl);
      this.viewerUrl = null;
    });
    // a click on the dimmed backdrop (the dialog itself, outside its content) closes it
    this.viewer.addEventListener('click', (event) => {
      if (event.target === this.viewer) this.viewer.close();
    });
  }

  /** Loads the thumbnails of a message row (its img[data-file-src]). */
  fill(node) {
    for (const img of node.querySelectorAll('img[data-file-src]')) {
      const path = img.dataset.fileSrc;
      if (!this.thumbnails.has(path)) {
        this.thumbnails.set(path, this.download(path).then((blob) => URL.createObjectURL(blob)));
      }
      this.thumbnails.get(path).then((url) => { img.src = url; }, (e) => {
        onlyApiErrors(e);
        this.thumbnails.delete(path); // the next drawing of the row tries again
        img.closest('.photo')?.classList.add('unavailable');
        img.alt = `${img.alt} (no preview)`;
      });
    }
  }

  /** The room's rows are gone: frees every thumbnail. */
  clear() {
    const urls = [...this.thumbnails.values()];
    this.thumbnails.clear();
    for (const url of urls) url.then((u) => URL.revokeObjectURL(u), () => {});
  }

  /** Shows a photo's original (`path` from storedFilePath) in the viewer, with a Download link. */
  async open(path, name) {
    $('viewer-name').textContent = name;
    $('viewer-status').textContent = 'Loading…';
    $('viewer-download').download = name;
    const img = $('viewer-image');
    img.alt = name;
    img.hidden = true;
    if (!this.viewer.open) this.viewer.showModal();
    try {
      const url = URL.createObjectURL(await this.download(path));
      if (!this.viewer.open) return URL.revokeObjectURL(url); // closed while loading
      if (this.viewerUrl) URL.revokeObjectURL(this.viewerUrl);
      this.viewerUrl = url;
      img.src = url;
      img.hidden = false;
      $('viewer-download').href = url;
      $('viewer-status').textContent = '';
    } catch (e) {
      $('viewer-status').textContent = `Cannot open ${name}: ${onlyApiErrors(e).message}`;
    }
    return undefined;
  }

  /** Saves a file (`path` from storedFilePath) to disk under its name. */
  async save(path, name) {
    try {
      const url = URL.createObjectURL(await this.download(path));
      const link = el('a', { href: url, download: name, hidden: true });
      document.body.append(link);
      link.click();
      link.remove();
      // why: revoking at once may cancel the download before the browser has read the blob
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      this.notice(`Cannot download ${name}: ${onlyApiErrors(e).message}`);
    }
  }
}
