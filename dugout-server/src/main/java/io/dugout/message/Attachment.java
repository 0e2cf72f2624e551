package io.dugout.message;

/** Metadata of a file that lives elsewhere; Dugout never stores the file itself. */
public record Attachment(String url, String name, long size, String mime) {}
