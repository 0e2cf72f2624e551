/** Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2 and others), by the AWS SDK v2. */
package io.dugout.store.s3;
