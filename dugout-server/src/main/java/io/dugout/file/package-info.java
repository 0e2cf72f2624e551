/**
 * Files members share in their rooms: upload slots with signed, expiring upload URLs, the bytes'
 * real type checked against what is allowed, and downloads for members only. Bytes are kept through
 * the {@link io.dugout.file.FileStore} port, the slots through {@link io.dugout.file.UploadStore}.
 */
package io.dugout.file;
