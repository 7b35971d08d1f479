#ifndef PR_DANGI_H
#define PR_DANGI_H
#include <stdint.h>

/// The Korean lunisolar calendar (ICU's "dangi": new moons and solar
/// terms reckoned in Korea's time, UTC+9) for `count` consecutive civil
/// days, the first `first_day` days after 1970-01-01: each day's lunar
/// month (1-12), whether that month is a leap month (0 or 1), and its day
/// of the month. Returns 0, or ICU's error code.
int pr_dangi_days(int64_t first_day, int count, uint8_t *months, uint8_t *leaps, uint8_t *days);

/// The civil days (days after 1970-01-01) of `count` days of the lunar
/// year that begins in Gregorian `year`, each given as a month (1-12, not
/// a leap month) and a day: three conversions cost what the scan of a
/// year's 365 days cost a hundredth of. Each is checked by converting it
/// back; returns 0, or nonzero when ICU fails or a day does not convert
/// back (the caller then scans).
int pr_dangi_find(int year, int count, const uint8_t *months, const uint8_t *days, int64_t *out);

#endif
