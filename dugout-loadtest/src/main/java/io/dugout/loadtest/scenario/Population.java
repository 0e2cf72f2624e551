package io.dugout.loadtest.scenario;

import io.dugout.loadtest.api.TargetException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.function.IntFunction;

/**
 * Setup shared by the scenarios (never measured): users' tokens and rooms with their members,
 * created through the public API with a service token.
 */
final class Population {

  /** At most this many setup requests in flight, so setup does not look like an attack. */
  private static final int SETUP_CONCURRENCY = 16;

  /** Members named in the create-room request; the rest are added one by one. */
  private static final int MEMBERS_PER_CREATE = 100;

  private Population() {}

  /**
   * User ids are stable across runs; rooms are new each run, so runs never see each other's
   * messages.
   */
  static List<String> userIds(String prefix, int count) {
    List<String> ids = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      ids.add(prefix + i);
    }
    return ids;
  }

  static List<String> tokens(RunContext context, List<String> userIds) {
    return parallel(userIds.size(), i -> context.tokens().userToken(userIds.get(i)));
  }

  /** Registers one FCM device for each user (needs a service token). */
  static void fcmDevices(RunContext context, String serviceToken, List<String> userIds) {
    parallel(
        userIds.size(),
        i -> {
          String user = userIds.get(i);
          var response =
              context
                  .api()
                  .put(
                      serviceToken,
                      "/api/v1/users/" + user + "/devices/phone",
                      "{\"platform\":\"fcm\",\"token\":\"lt-token-" + user + "\"}");
          io.dugout.loadtest.api.DugoutApi.expectOk(response, "registering a device of " + user);
          return user;
        });
  }

  /** Creates a DIRECT room for each pair of users (needs a service token); returns their ids. */
  static List<String> directRooms(
      RunContext context, String serviceToken, List<List<String>> pairs) {
    return parallel(pairs.size(), r -> context.api().createDirectRoom(serviceToken, pairs.get(r)));
  }

  /** Creates one GROUP room per member list and returns the room ids in the same order. */
  static List<String> rooms(
      RunContext context, String serviceToken, List<List<String>> membersPerRoom) {
    List<String> roomIds =
        parallel(
            membersPerRoom.size(),
            r -> {
              List<String> members = membersPerRoom.get(r);
              return context
                  .api()
                  .createGroupRoom(
                      serviceToken,
                      "load test room " + r,
                      members.subList(0, Math.min(MEMBERS_PER_CREATE, members.size())));
            });
    List<String[]> additions = new ArrayList<>();
    for (int r = 0; r < membersPerRoom.size(); r++) {
      List<String> members = membersPerRoom.get(r);
      for (int m = MEMBERS_PER_CREATE; m < members.size(); m++) {
        additions.add(new String[] {roomIds.get(r), members.get(m)});
      }
    }
    parallel(
        additions.size(),
        i -> {
          String[] addition = additions.get(i);
          var response =
              context
                  .api()
                  .post(
                      serviceToken,
                      "/api/v1/rooms/" + addition[0] + "/members",
                      "{\"userId\":\"" + addition[1] + "\"}");
          io.dugout.loadtest.api.DugoutApi.expectOk(
              response, "adding " + addition[1] + " to room " + addition[0]);
          return addition[1];
        });
    return roomIds;
  }

  /**
   * Runs {@code task} for 0..count-1 on virtual threads, a bounded number at a time; the first
   * failure wins.
   */
  static <T> List<T> parallel(int count, IntFunction<T> task) {
    Semaphore permits = new Semaphore(SETUP_CONCURRENCY);
    List<Future<T>> futures = new ArrayList<>(count);
    try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int i = 0; i < count; i++) {
        int index = i;
        futures.add(
            executor.submit(
                () -> {
                  permits.acquire();
                  try {
                    return task.apply(index);
                  } finally {
                    permits.release();
                  }
                }));
      }
      List<T> results = new ArrayList<>(count);
      for (Future<T> future : futures) {
        results.add(future.get());
      }
      return results;
    } catch (ExecutionException ex) {
      if (ex.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new TargetException("setup failed: " + ex.getCause(), ex.getCause());
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      throw new TargetException("setup interrupted", ex);
    }
  }
}
