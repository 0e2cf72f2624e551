package io.dugout.system;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Optional operational logs ({@code dugout.log.*}). Both name users only by {@link UserHash}, and
 * never log a token, a request or message body.
 *
 * @param access one line per HTTP request on the logger {@code dugout.access}
 * @param sessions one line per WebSocket session CONNECT and close on the logger {@code
 *     dugout.session}
 */
@ConfigurationProperties("dugout.log")
public record LogProperties(
    @DefaultValue("false") boolean access, @DefaultValue("false") boolean sessions) {}
