package io.dugout.message;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Runs work for one room at a time. Rooms are hashed onto a fixed set of lanes, so memory does not
 * grow with the number of rooms; two rooms may share a lane, which only costs a short wait. In a
 * {@link NoWait#attempt} a lane is taken only when it is free.
 */
final class RoomLanes {

  private static final int LANES = 4096;
  private final ReentrantLock[] locks = new ReentrantLock[LANES];

  RoomLanes() {
    for (int i = 0; i < LANES; i++) {
      locks[i] = new ReentrantLock();
    }
  }

  <T> T inLane(String roomId, Supplier<T> work) {
    ReentrantLock lock = locks[Math.floorMod(roomId.hashCode() * 0x9E3779B9, LANES)];
    NoWait.lock(lock);
    try {
      return work.get();
    } finally {
      lock.unlock();
    }
  }
}
