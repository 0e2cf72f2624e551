/**
 * Reports: a member reports a message, which is copied into the report as evidence; the product's
 * backend is told, reads the queue and resolves each report (dismiss, delete the message, ban its
 * sender). Reports are kept through the {@link io.dugout.report.ReportStore} port; {@link
 * io.dugout.report.Reports} decides who may report what, {@link io.dugout.report.ReportResolutions}
 * applies resolutions, and {@link io.dugout.report.EvidenceSweep} removes evidence past its
 * retention.
 */
package io.dugout.report;
