package io.dugout.system;

import java.time.Instant;
import java.util.Map;
import org.springframework.http.HttpStatus;

/**
 * A failure the caller can act on. Each subtype maps to one HTTP status and one stable {@code code}
 * that appears in REST problem bodies and STOMP error payloads alike.
 */
public abstract sealed class DugoutException extends RuntimeException
    permits DugoutException.Invalid,
        DugoutException.Forbidden,
        DugoutException.NotFound,
        DugoutException.Conflict,
        DugoutException.Refused,
        DugoutException.Unavailable {

  private final HttpStatus status;
  private final String code;
  private final String field;
  private final Map<String, Object> details;

  private DugoutException(HttpStatus status, String code, String message, String field) {
    this(status, code, message, field, Map.of());
  }

  private DugoutException(
      HttpStatus status, String code, String message, String field, Map<String, Object> details) {
    super(message, null, false, false);
    this.status = status;
    this.code = code;
    this.field = field;
    this.details = details;
  }

  public HttpStatus status() {
    return status;
  }

  public String code() {
    return code;
  }

  /** The offending field, when there is one. */
  public String field() {
    return field;
  }

  /**
   * What else the caller needs to act on it, as more members of the error body ({@code until},
   * {@code retryAfter}); empty for most errors.
   */
  public Map<String, Object> details() {
    return details;
  }

  public static Invalid invalid(String field, String problem) {
    return new Invalid(field, problem);
  }

  public static Forbidden forbidden(String message) {
    return new Forbidden("forbidden", message);
  }

  /** The sender's time to edit a message has run out (403, {@code edit_window_closed}). */
  public static Forbidden editWindowClosed(String message) {
    return new Forbidden("edit_window_closed", message);
  }

  /**
   * A block between two users stands in the way (403, {@code blocked}): the same code whichever of
   * them blocked the other, so the refusal tells a blocked user nothing more.
   */
  public static Forbidden blocked(String message) {
    return new Forbidden("blocked", message);
  }

  /**
   * The room's moderators muted the user (403, {@code muted}): they read, but cannot write, until
   * {@code until} (null: until unmuted).
   */
  public static Forbidden muted(String message, Instant until) {
    return new Forbidden(
        "muted", message, until == null ? Map.of() : Map.of("until", until.toString()));
  }

  /** The room is frozen: only its owner and admins write (403, {@code frozen}). */
  public static Forbidden frozen(String message) {
    return new Forbidden("frozen", message);
  }

  /**
   * The user is banned from the room: nobody adds them until unbanned (403, {@code
   * banned_from_room}).
   */
  public static Forbidden bannedFromRoom(String message) {
    return new Forbidden("banned_from_room", message);
  }

  /**
   * The caller's user is banned from the whole deployment (403, {@code banned}): every call with
   * their token, and every STOMP CONNECT, is refused until the ban ends.
   */
  public static Forbidden banned(String message) {
    return new Forbidden("banned", message);
  }

  /**
   * The room is in slow mode and the user sent within its interval (429, {@code slow_mode}); they
   * may send again in {@code retryAfterSeconds}.
   */
  public static Refused slowMode(String message, long retryAfterSeconds) {
    return new Refused(
        HttpStatus.TOO_MANY_REQUESTS,
        "slow_mode",
        message,
        Map.of("retryAfter", retryAfterSeconds));
  }

  /** A member reported their own message (403, {@code own_message}). */
  public static Forbidden ownMessage(String message) {
    return new Forbidden("own_message", message);
  }

  /**
   * What was reported is not a message a member can report: a change entry, a SYSTEM message or a
   * deleted message (400, {@code not_reportable}).
   */
  public static Refused notReportable(String message) {
    return new Refused(HttpStatus.BAD_REQUEST, "not_reportable", message);
  }

  public static NotFound notFound(String message) {
    return new NotFound(message);
  }

  public static Conflict conflict(String message) {
    return new Conflict(message);
  }

  /** A file is larger than it may be (413, {@code too_large}). */
  public static Refused tooLarge(String message) {
    return new Refused(HttpStatus.CONTENT_TOO_LARGE, "too_large", message);
  }

  /**
   * A file's real type, detected from its bytes, is not allowed (415, {@code unsupported_type}).
   */
  public static Refused unsupportedType(String message) {
    return new Refused(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported_type", message);
  }

  /**
   * The caller did this more often than its rate allows (429, {@code rate_limited}, the code the
   * STOMP send rate uses too); trying again later succeeds.
   */
  public static Refused rateLimited(String message) {
    return new Refused(HttpStatus.TOO_MANY_REQUESTS, "rate_limited", message);
  }

  /**
   * A message's content is refused by the word filter or the product's before-send hook (400,
   * {@code content_refused}); {@code reason} is what the sender is told.
   */
  public static Refused contentRefused(String reason) {
    return new Refused(HttpStatus.BAD_REQUEST, "content_refused", reason);
  }

  public static Unavailable unavailable(String message) {
    return new Unavailable(message);
  }

  /** A request field is missing or has a value that is not allowed (400). */
  public static final class Invalid extends DugoutException {
    Invalid(String field, String problem) {
      super(
          HttpStatus.BAD_REQUEST,
          "validation",
          field == null ? problem : field + ": " + problem,
          field);
    }
  }

  /** The caller may not do this, usually because it is not a member of the room (403). */
  public static final class Forbidden extends DugoutException {
    Forbidden(String code, String message) {
      super(HttpStatus.FORBIDDEN, code, message, null);
    }

    Forbidden(String code, String message, Map<String, Object> details) {
      super(HttpStatus.FORBIDDEN, code, message, null, details);
    }
  }

  /** The room or member does not exist (404). */
  public static final class NotFound extends DugoutException {
    NotFound(String message) {
      super(HttpStatus.NOT_FOUND, "not_found", message, null);
    }
  }

  /** The operation does not fit the current state of the room (409). */
  public static final class Conflict extends DugoutException {
    Conflict(String message) {
      super(HttpStatus.CONFLICT, "conflict", message, null);
    }
  }

  /**
   * What was sent is refused as a whole: too large, of a type that is not allowed, over a rate, or
   * with content that is not.
   */
  public static final class Refused extends DugoutException {
    Refused(HttpStatus status, String code, String message) {
      super(status, code, message, null);
    }

    Refused(HttpStatus status, String code, String message, Map<String, Object> details) {
      super(status, code, message, null, details);
    }
  }

  /**
   * A backend the request needs did not answer in time; the request may or may not have taken
   * effect, and repeating it with the same idempotency key is safe (503).
   */
  public static final class Unavailable extends DugoutException {
    Unavailable(String message) {
      super(HttpStatus.SERVICE_UNAVAILABLE, "unavailable", message, null);
    }
  }
}
