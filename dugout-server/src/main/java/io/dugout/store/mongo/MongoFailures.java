package io.dugout.store.mongo;

import com.mongodb.MongoConnectionPoolClearedException;
import com.mongodb.MongoException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteConcernException;
import io.dugout.system.BackendFailures;
import io.dugout.system.DugoutException;

/**
 * MongoDB's outages as {@code unavailable}: no server reachable within the server selection
 * timeout, a connection cut, no primary during an election, a write concern not met in time. A
 * request that failed this way may be tried again; a message resent with its clientMsgId is stored
 * once.
 */
final class MongoFailures implements BackendFailures {

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

  private static boolean isOutage(MongoException e) {
    return e instanceof MongoTimeoutException
        || e instanceof MongoSocketException
        || e instanceof MongoConnectionPoolClearedException
        || e instanceof MongoNotPrimaryException
        || e instanceof MongoNodeIsRecoveringException
        || e instanceof MongoWriteConcernException;
  }
}
