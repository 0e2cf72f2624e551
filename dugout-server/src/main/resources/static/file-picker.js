// Attaching photos and files: the composer's Attach button (a file picker) and
// dropping files anywhere on the open room. A file dropped anywhere else on the
// page is refused, rather than opened by the browser in place of the chat.

const $ = (id) => document.getElementById(id);

export class FilePicker {
  /** @param {(files: File[]) => void} onFiles */
  constructor(onFiles) {
    const input = $('composer-file');
    const pane = $('room-pane');
    $('composer-attach').addEventListener('click', () => input.click());
    input.addEventListener('change', () => {
      const files = [...input.files];
      input.value = ''; // why: picking the same file again must fire `change` again
      if (files.length) onFiles(files);
    });
    let depth = 0; // why: dragenter/dragleave fire for every child the pointer crosses
    const carriesFiles = (event) => [...(event.dataTransfer?.types ?? [])].includes('Files');
    pane.addEventListener('dragenter', (event) => {
      if (!carriesFiles(event)) return;
      depth++;
      pane.classList.add('dropping');
    });
    pane.addEventListener('dragleave', () => {
      depth = Math.max(0, depth - 1);
      if (!depth) pane.classList.remove('dropping');
    });
    pane.addEventListener('dragover', (event) => {
      if (!carriesFiles(event)) return;
      event.preventDefault(); // lets the drop happen here instead of the browser opening the file
      event.dataTransfer.dropEffect = 'copy';
    });
    window.addEventListener('dragover', (event) => {
      if (!carriesFiles(event) || pane.contains(event.target)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'none';
    });
    window.addEventListener('drop', (event) => {
      if (carriesFiles(event) && !pane.contains(event.target)) event.preventDefault();
    });
    pane.addEventListener('drop', (event) => {
      depth = 0;
      pane.classList.remove('dropping');
      const files = [...(event.dataTransfer?.files ?? [])];
      if (!files.length) return;
      event.preventDefault();
      onFiles(files);
    });
  }
}
