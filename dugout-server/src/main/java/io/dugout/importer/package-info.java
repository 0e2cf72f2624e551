/**
 * Importing existing chat history: {@code ./dugout import} reads a JSON Lines file of rooms,
 * members and messages ({@link io.dugout.importer.ImportLine}) and writes it through the {@link
 * io.dugout.room.RoomStore} and {@link io.dugout.message.MessageStore} ports, so it works the same
 * on RocksDB and MongoDB. Seqs follow the original order; re-running a file stores nothing twice
 * and continues where an interrupted run stopped. The format is documented in {@code
 * docs/import.md}.
 */
package io.dugout.importer;
