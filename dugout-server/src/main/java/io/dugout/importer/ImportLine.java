package io.dugout.importer;

/**
 * One line of an import file: a JSON object whose {@code type} says what it is. Lines may come in
 * any order; a member or a message names its room by the room's id.
 */
public sealed interface ImportLine permits RoomLine, MemberLine, MessageLine {

  /** The line's number in its file, counted from 1, for reports. */
  long line();
}
