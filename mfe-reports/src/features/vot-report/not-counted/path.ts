/** The screened patients the VOT report counts in no row, one click from the report. */
export const NOT_COUNTED_PATH = '/admin/VOT-Report/not-counted';
