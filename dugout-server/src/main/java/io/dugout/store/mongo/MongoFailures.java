package io.dugout.store.mongo;

import com.mongodb.MongoConnectionPoolClearedException;
import com.mongodb.MongoException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteConcernException;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ClusterType;
import com.mongodb.connection.ServerDescription;
import com.mongodb.event.ClusterDescriptionChangedEvent;
import com.mongodb.event.ClusterListener;
import io.dugout.system.BackendFailures;
import io.dugout.system.BackendOutage;
import io.dugout.system.DugoutException;

/**
 * MongoDB's outages, from both ends:
 *
 * <ul>
 *   <li>as the driver's monitor sees them ({@link ClusterListener}): an outage begins when no
 *       server can take writes and the monitor has found one unreachable or without a primary, and
 *       ends when a server takes writes again; {@link BackendOutage} logs each once and counts it;
 *   <li>among the failures that reach the REST and STOMP edges, as {@code unavailable}: no server
 *       reachable within the server selection timeout, a connection cut, no primary during an
 *       election, a write concern not met in time. A request that failed this way may be tried
 *       again; a message resent with its clientMsgId is stored once.
 * </ul>
 *
 * <p>Reconnecting is the driver's: its monitor checks each server every {@code
 * heartbeatFrequencyMS} (10 s by default; every 500 ms while a request waits for a server).
 */
final class MongoFailures implements BackendFailures, ClusterListener {

  private final BackendOutage outage;

  MongoFailures(BackendOutage outage) {
    this.outage = outage;
  }

  @Override
  public void clusterDescriptionChanged(ClusterDescriptionChangedEvent event) {
    var description = event.getNewDescription();
    if (description.hasWritableServer()) {
      outage.succeeded();
      return;
    }
    var failure = failure(description);
    if (failure != null) {
      outage.failed(failure);
    }
  }

  /**
   * Why no server takes writes, or null while the monitor is still connecting for the first time
   * (every node's start passes through that).
   */
  private static Throwable failure(ClusterDescription description) {
    for (ServerDescription server : description.getServerDescriptions()) {
      if (server.getException() != null) {
        return server.getException();
      }
    }
    if (description.getType() == ClusterType.REPLICA_SET) {
      return new MongoException("the replica set has no primary");
    }
    return null;
  }

  @Override
  public DugoutException.Unavailable asUnavailable(RuntimeException failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof MongoException mongo && isOutage(mongo)) {
        return DugoutException.unavailable(
            "the store (MongoDB) is unreachable ("
                + mongo.getClass().getSimpleName()
                + "); try again later");
      }
    }
    return null;
  }

  @Override
  public boolean alreadyLogged(RuntimeException failure) {
    return outage.down() && asUnavailable(failure) != null;
  }

  /** The outage under way, if any, for the health check and the meters. */
  BackendOutage outage() {
    return outage;
  }

  private static boolean isOutage(MongoException e) {
    return e instanceof MongoTimeoutException
        || e instanceof MongoSocketException
        || e instanceof MongoConnectionPoolClearedException
        || e instanceof MongoNotPrimaryException
        || e instanceof MongoNodeIsRecoveringException
        || e instanceof MongoWriteConcernException;
  }
}
