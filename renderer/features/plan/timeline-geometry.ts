/** Sizes of the timeline grid (plan.css draws the same: one 112 px column per week, 220 px labels). */
export const COL_W = 112;
export const LABEL_W = 220;
/** Height of one sub-row of bars in a lane. */
export const ROW_H = 34;
/** Width of a bar's resize handle (its right edge, border included). */
export const HANDLE_W = 10;
/** Segments of long bars are mounted in chunks of this many weeks. */
export const SEG_CHUNK = 8;
/** Room for a milestone's label after its marker, when deciding whether it is in the window. */
export const MILESTONE_TEXT_W = 260;
