#ifndef PR_DANGI_H
#define PR_DANGI_H
#include <stdint.h>

/// The Korean lunisolar calendar (ICU's "dangi": new moons and solar
/// terms reckoned in Korea's time, UTC+9) for `count` consecutive civil
/// days, the first `first_day` days after 1970-01-01: each day's lunar
/// month (1-12), whether that month is a leap month (0 or 1), and its day
/// of the month. Returns 0, or ICU's error code.
int pr_dangi_days(int64_t first_day, int count, uint8_t *months, uint8_t *leaps, uint8_t *days);

#endif
