import type { OutgoingMessage } from './outbox.js';

/**
 * Where the outbox keeps messages not yet receipted, so that a page reload or an app restart
 * sends them again with the same clientMsgId (the server then stores each once). `save` is
 * called whenever a message is queued or changes state, `remove` once it is receipted or
 * discarded, `load` once when a client connects, `clear` when the user discards everything
 * (signing out of a shared device): nothing of theirs may stay behind.
 */
export interface OutboxStore {
  load(): Promise<OutgoingMessage[]>;
  save(message: OutgoingMessage): Promise<void>;
  remove(clientMsgId: string): Promise<void>;
  clear(): Promise<void>;
}

/** Keeps the outbox for the life of the client object only (the default). */
export class MemoryOutboxStore implements OutboxStore {
  private readonly messages = new Map<string, OutgoingMessage>();
  async load(): Promise<OutgoingMessage[]> { return [...this.messages.values()].map((m) => ({ ...m })); }
  async save(message: OutgoingMessage): Promise<void> { this.messages.set(message.clientMsgId, { ...message }); }
  async remove(clientMsgId: string): Promise<void> { this.messages.delete(clientMsgId); }
  async clear(): Promise<void> { this.messages.clear(); }
}

/**
 * Keeps the outbox in the browser's IndexedDB, one database per user (pass the user id in the
 * name: two users of one browser must not send each other's messages).
 */
export class IndexedDbOutboxStore implements OutboxStore {
  private db: Promise<IDBDatabase> | null = null;

  constructor(private readonly name = 'dugout-outbox', private readonly factory: IDBFactory = globalThis.indexedDB) {}

  async load(): Promise<OutgoingMessage[]> {
    const all = await this.run<OutgoingMessage[]>('readonly', (s) => s.getAll());
    return all.sort((a, b) => a.queuedAt - b.queuedAt);
  }
  async save(message: OutgoingMessage): Promise<void> { await this.run('readwrite', (s) => s.put({ ...message })); }
  async remove(clientMsgId: string): Promise<void> { await this.run('readwrite', (s) => s.delete(clientMsgId)); }
  async clear(): Promise<void> { await this.run('readwrite', (s) => s.clear()); }

  private open(): Promise<IDBDatabase> {
    this.db ??= new Promise((resolve, reject) => {
      const request = this.factory.open(this.name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore('messages', { keyPath: 'clientMsgId' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return this.db;
  }

  private async run<T>(mode: IDBTransactionMode, op: (store: IDBObjectStore) => IDBRequest): Promise<T> {
    const db = await this.open();
    return new Promise<T>((resolve, reject) => {
      const request = op(db.transaction('messages', mode).objectStore('messages'));
      request.onsuccess = () => resolve(request.result as T);
      request.onerror = () => reject(request.error);
    });
  }
}
