package io.dugout.report;

/**
 * A member filed a new report, published once it is durable, on the node that stored it (a repeated
 * report of the same message publishes nothing).
 */
public record ReportFiled(Report report) {}
