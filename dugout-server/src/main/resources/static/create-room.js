// The "new room" form: 1:1 (DIRECT), trade (TRADE) or group (GROUP).
const $ = (id) => document.getElementById(id);

/** @param {{me: () => string, create: (spec) => Promise<object>, created: (room) => void}} o */
export function setupCreateRoomForm(o) {
  const form = $('new-room');
  const toggle = $('new-room-toggle');
  const type = $('new-room-type');
  const error = $('new-room-error');

  const showFields = () => {
    for (const node of form.querySelectorAll('[data-for-type]')) {
      node.hidden = !node.dataset.forType.split(' ').includes(type.value);
    }
    $('new-room-members-label').textContent = type.value === 'GROUP' ? 'Members (comma-separated user ids)' : 'With (user id)';
  };
  type.addEventListener('change', showFields);
  showFields();

  const setOpen = (open) => {
    form.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.textContent = open ? 'Cancel' : 'New room';
    if (open) $('new-room-members').focus();
  };
  toggle.addEventListener('click', () => setOpen(form.hidden));
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') { setOpen(false); toggle.focus(); }
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.textContent = '';
    const members = $('new-room-members').value.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
    const spec = { type: type.value, memberIds: members };
    if (type.value === 'GROUP') {
      const title = $('new-room-title').value.trim();
      if (title) spec.title = title;
    } else if (members.length !== 1) {
      error.textContent = 'Name exactly one other person.';
      return;
    }
    if (type.value === 'TRADE') {
      const itemId = $('new-room-item').value.trim();
      if (!itemId) { error.textContent = 'A trade room needs an item id.'; return; }
      const iAmSeller = $('new-room-role').value === 'SELLER';
      spec.trade = { itemId, sellerId: iAmSeller ? o.me() : members[0] };
    }
    try {
      const room = await o.create(spec);
      form.reset();
      showFields();
      setOpen(false);
      o.created(room);
    } catch (e) {
      error.textContent = e.message;
    }
  });
}
