package io.dugout.push;

import java.util.List;

/**
 * Keeps users' registered devices: at most one per (user, device id), and at most one per
 * (platform, token) across all users.
 *
 * <p>Guarantees every adapter keeps (checked by {@code DeviceStoreContract}):
 *
 * <ul>
 *   <li>Every write is durable when the method returns (the write-ahead log, or the database's
 *       majority write), and every later read on any node sees it.
 *   <li><b>A token has one holder.</b> {@link #put} removes any other device with the same platform
 *       and token, of this user or another, in the same step: a phone that changes hands (or an app
 *       reinstalled under a new device id) stops getting the first holder's pushes. Of two puts of
 *       one token racing on two nodes, one holder is left; which one is not promised.
 *   <li>{@link #put} of an existing (user, device id) replaces it, whatever the user's count; a new
 *       one is refused when the user already has {@code max}. Racing puts of one user on two nodes
 *       may each see room for one more, so the bound may be passed by as many as race.
 *   <li>{@link #remove} and {@link #removeToken} are idempotent. {@link #removeToken} removes only
 *       the device that holds that token now, so a dead token reported after its device registered
 *       a fresh one removes nothing.
 *   <li>{@link #devicesOf} answers in ascending order of device id, at most {@code max} of them.
 *   <li>All methods are thread-safe.
 * </ul>
 */
public interface DeviceStore {

  /** What {@link #put} did. */
  enum Put {
    /** The device is new. */
    ADDED,
    /** A device with this user and device id was replaced. */
    REPLACED,
    /** The user already has the most devices allowed; nothing changed. */
    FULL
  }

  /** Stores the device, taking its token from any other holder. */
  Put put(Device device, int max);

  /** The user's devices in ascending order of device id. */
  List<Device> devicesOf(String userId);

  /** Removes the user's device; false when there was none. */
  boolean remove(String userId, String deviceId);

  /** Removes whichever device holds this token now; false when none does. */
  boolean removeToken(Device.Platform platform, String token);
}
