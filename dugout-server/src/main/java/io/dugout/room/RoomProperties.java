package io.dugout.room;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Rooms ({@code dugout.rooms.*}).
 *
 * @param memberCacheTtl how long a node answers "is this user a member" from a store read it made
 *     earlier, when no room event told it of a removal: the bound on how late a node that missed a
 *     removal's event refuses the removed member. {@code 0} reads the store on every check.
 */
@ConfigurationProperties("dugout.rooms")
public record RoomProperties(@DefaultValue("30s") Duration memberCacheTtl) {

  public RoomProperties {
    if (memberCacheTtl.isNegative()) {
      throw new IllegalArgumentException("dugout.rooms.member-cache-ttl must not be negative");
    }
  }
}
