/**
 * Files members share in their rooms: upload slots with signed, expiring upload URLs, the bytes'
 * real type checked against what is allowed, and downloads for members only. A file lives as long
 * as its message: a deleted message's files go with it, and a sweep removes what no message keeps.
 * Bytes are kept through the {@link io.dugout.file.FileStore} port, the slots through {@link
 * io.dugout.file.UploadStore}.
 */
package io.dugout.file;
