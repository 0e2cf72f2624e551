/**
 * The embedded {@link io.dugout.file.FileStore}: uploaded files as plain files under the data
 * directory, on one node's disk.
 */
package io.dugout.store.localfs;
