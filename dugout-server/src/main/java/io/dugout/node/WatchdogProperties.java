package io.dugout.node;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The watchdog's settings ({@code dugout.watchdog.*}).
 *
 * @param stallAfter how long a probe may wait for a virtual thread before the node counts as
 *     stalled: an ERROR in the log, a thread dump file and liveness {@code BROKEN}
 * @param exitAfter how long a stall may last before the node exits (status 70) so that its
 *     supervisor starts it again; {@code 0} never exits
 * @param interval how often a probe starts
 */
@ConfigurationProperties("dugout.watchdog")
record WatchdogProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("10s") Duration stallAfter,
    @DefaultValue("30s") Duration exitAfter,
    @DefaultValue("1s") Duration interval) {}
