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

static const UChar pr_utc[] = {'U', 'T', 'C', 0};

int pr_dangi_find(int year, int count, const uint8_t *months, const uint8_t *days, int64_t *out) {
    UErrorCode status = U_ZERO_ERROR;
    UCalendar *cal = ucal_open(pr_utc, 3, "ko_KR@calendar=dangi", UCAL_DEFAULT, &status);
    if (U_FAILURE(status)) return (int)status;
    // The lunar year of 1 July: the one that began in this Gregorian year
    // (its new year falls between 21 January and 20 February).
    UCalendar *gregorian = ucal_open(pr_utc, 3, "en_US@calendar=gregorian", UCAL_GREGORIAN, &status);
    if (U_FAILURE(status)) { ucal_close(cal); return (int)status; }
    ucal_clear(gregorian);
    ucal_setDate(gregorian, year, UCAL_JULY, 1, &status);
    UDate july = ucal_getMillis(gregorian, &status);
    ucal_close(gregorian);
    ucal_setMillis(cal, july + 43200000.0, &status);
    int32_t lunar_year = ucal_get(cal, UCAL_EXTENDED_YEAR, &status);
    int bad = 0;
    for (int i = 0; i < count && !U_FAILURE(status) && !bad; i++) {
        ucal_clear(cal);
        ucal_set(cal, UCAL_EXTENDED_YEAR, lunar_year);
        ucal_set(cal, UCAL_MONTH, months[i] - 1);
        ucal_set(cal, UCAL_IS_LEAP_MONTH, 0);
        ucal_set(cal, UCAL_DATE, days[i]);
        UDate start = ucal_getMillis(cal, &status);
        if (U_FAILURE(status)) break;
        int64_t day = (int64_t)(start / 86400000.0 + (start < 0 ? -0.5 : 0.5));
        // Converted back at the day's noon, it must be the day asked for.
        ucal_setMillis(cal, (double)day * 86400000.0 + 43200000.0, &status);
        if (ucal_get(cal, UCAL_MONTH, &status) != months[i] - 1 || ucal_get(cal, UCAL_IS_LEAP_MONTH, &status) != 0
            || ucal_get(cal, UCAL_DATE, &status) != days[i]) bad = 1;
        out[i] = day;
    }
    ucal_close(cal);
    if (U_FAILURE(status)) return (int)status;
    return bad ? -1 : 0;
}
