package io.dugout.system;

import org.springframework.http.HttpStatus;

/**
 * A failure the caller can act on. Each subtype maps to one HTTP status and one stable {@code
 * code} that appears in REST problem bodies and STOMP error payloads alike.
 */
public abstract sealed class DugoutException extends RuntimeException
    permits DugoutException.Invalid,
        DugoutException.Forbidden,
        DugoutException.NotFound,
        DugoutException.Conflict {

  private DugoutException(String message) {
    super(message, null, false, false);
  }

  public abstract HttpStatus status();

  public abstract String code();

  /** The offending field, when there is one. */
  public String field() {
    return null;
  }

  public static Invalid invalid(String field, String problem) {
    return new Invalid(field, problem);
  }

  public static Forbidden forbidden(String message) {
    return new Forbidden(message);
  }

  public static NotFound notFound(String message) {
    return new NotFound(message);
  }

  public static Conflict conflict(String message) {
    return new Conflict(message);
  }

  /** A request field is missing or has a value that is not allowed. */
  public static final class Invalid extends DugoutException {
    private final String field;

    Invalid(String field, String problem) {
      super(field == null ? problem : field + ": " + problem);
      this.field = field;
    }

    @Override
    public HttpStatus status() {
      return HttpStatus.BAD_REQUEST;
    }

    @Override
    public String code() {
      return "validation";
    }

    @Override
    public String field() {
      return field;
    }
  }

  /** The caller may not do this, usually because it is not a member of the room. */
  public static final class Forbidden extends DugoutException {
    Forbidden(String message) {
      super(message);
    }

    @Override
    public HttpStatus status() {
      return HttpStatus.FORBIDDEN;
    }

    @Override
    public String code() {
      return "forbidden";
    }
  }

  /** The room or member does not exist. */
  public static final class NotFound extends DugoutException {
    NotFound(String message) {
      super(message);
    }

    @Override
    public HttpStatus status() {
      return HttpStatus.NOT_FOUND;
    }

    @Override
    public String code() {
      return "not_found";
    }
  }

  /** The operation does not fit the current state of the room. */
  public static final class Conflict extends DugoutException {
    Conflict(String message) {
      super(message);
    }

    @Override
    public HttpStatus status() {
      return HttpStatus.CONFLICT;
    }

    @Override
    public String code() {
      return "conflict";
    }
  }
}
