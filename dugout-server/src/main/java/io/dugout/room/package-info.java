/**
 * Rooms and their members: the three room types, who may join and leave, read markers, and the
 * {@link io.dugout.room.RoomStore} port that keeps them.
 */
package io.dugout.room;
