package io.dugout.file;

/**
 * Whether something beyond its message keeps an upload's bytes: the one question every path that
 * deletes bytes asks first ({@link UploadRemoval}, {@link OrphanSweep}). Implemented by the report
 * capability (a report's evidence holds the files it names); without it ({@link #NONE}) nothing
 * does.
 *
 * <ul>
 *   <li>Answers from what is stored when it is asked, on any node: a hold written before the
 *       question began is seen.
 *   <li>A held upload whose message is deleted is kept ({@link Upload.State#HELD}); whoever ends a
 *       hold tells {@link HeldUploads#letGo}, which removes what nothing holds any more.
 *   <li>Thread-safe; one indexed read per question.
 * </ul>
 */
public interface UploadHolds {

  /** Nothing holds any upload. */
  UploadHolds NONE = uploadId -> false;

  /** Whether the bytes of the upload {@code uploadId} must be kept now. */
  boolean holds(String uploadId);
}
