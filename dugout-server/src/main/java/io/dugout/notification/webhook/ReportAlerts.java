package io.dugout.notification.webhook;

import io.dugout.report.ReportFiled;
import io.dugout.report.ReportView;
import java.time.Clock;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tells the product's backend of each new report through the offline webhook: a signed POST of type
 * {@code report.created} carrying the report as {@code GET /api/v1/reports/{id}} shows it, evidence
 * included, retried and dead-lettered like notifications. The {@code Dugout-Delivery} header is
 * {@code report.<id>}, the same on every attempt. Posted by the node that stored the report; a
 * repeated report of the same message posts nothing.
 */
@Component
class ReportAlerts {

  private final OfflineWebhook webhook;
  private final JsonMapper json;
  private final Clock clock;

  ReportAlerts(OfflineWebhook webhook, JsonMapper json, Clock clock) {
    this.webhook = webhook;
    this.json = json;
    this.clock = clock;
  }

  @EventListener
  void reportFiled(ReportFiled filed) {
    var report = filed.report();
    byte[] body = json.writeValueAsBytes(new Body("report.created", ReportView.of(report)));
    webhook.offer(new Delivery("report." + report.id(), null, body, clock.instant()));
  }

  /** What the receiver gets: docs/protocol.md, "Offline delivery webhook". */
  record Body(String type, ReportView report) {}
}
