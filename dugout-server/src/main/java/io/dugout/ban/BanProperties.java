package io.dugout.ban;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Bans from the deployment ({@code dugout.bans.*}).
 *
 * @param cacheTtl how often a node reads every ban in force again (it answers whether a user is
 *     banned from them, and reads a change it hears of at once): the bound on how stale a node's
 *     answer can be when the broadcast of a ban made through another node is lost. Also how often,
 *     in a cluster, each node checks the users of its open sessions against the bans.
 */
@ConfigurationProperties("dugout.bans")
public record BanProperties(@DefaultValue("5s") Duration cacheTtl) {

  public BanProperties {
    if (cacheTtl.isNegative() || cacheTtl.isZero()) {
      throw new IllegalArgumentException("dugout.bans.cache-ttl must be positive");
    }
  }
}
