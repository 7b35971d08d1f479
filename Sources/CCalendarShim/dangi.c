// ICU's C functions are renamed by version (ucal_open is ucal_open_72 in
// Debian 12's libicu) through macros Swift cannot call, and its headers
// clash with the copy of ICU inside the Swift toolchain's Foundation
// (_FoundationICU) when both are modules of one Swift compile: the calls
// are made here, and only plain C types cross to Swift (dangi.h).
#include "dangi.h"
#include <unicode/ucal.h>

int pr_dangi_days(int64_t first_day, int count, uint8_t *months, uint8_t *leaps, uint8_t *days) {
    UErrorCode status = U_ZERO_ERROR;
    static const UChar utc[] = {'U', 'T', 'C', 0};
    // The calendar's own zone only decides which civil day a moment falls
    // on: in UTC, each day's noon is that day. The calendar reckons its
    // months in Korea's time whatever its zone.
    UCalendar *cal = ucal_open(utc, 3, "ko_KR@calendar=dangi", UCAL_DEFAULT, &status);
    if (U_FAILURE(status)) return (int)status;
    for (int i = 0; i < count; i++) {
        UDate noon = ((double)(first_day + i) * 86400.0 + 43200.0) * 1000.0;
        ucal_setMillis(cal, noon, &status);
        int32_t month = ucal_get(cal, UCAL_MONTH, &status);
        int32_t leap = ucal_get(cal, UCAL_IS_LEAP_MONTH, &status);
        int32_t day = ucal_get(cal, UCAL_DATE, &status);
        if (U_FAILURE(status)) break;
        months[i] = (uint8_t)(month + 1);
        leaps[i] = (uint8_t)(leap != 0);
        days[i] = (uint8_t)day;
    }
    ucal_close(cal);
    return U_FAILURE(status) ? (int)status : 0;
}
