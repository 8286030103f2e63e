package python

import "testing"

// The datetime module against CPython 3.11's values for the same
// expressions (each evaluated there after `from datetime import datetime,
// timedelta, date`); a ValueError is compared as "ValueError: message".
func TestDatetimeMatchesCPython(t *testing.T) {
	tests := []exprCase{
		{"strftime", `datetime(2024, 3, 5, 14, 7, 9, 120).strftime('%Y-%m-%d %H:%M:%S.%f %y %j %a %A %b %B %p %I %w %% %c|%x|%X')`,
			"2024-03-05 14:07:09.000120 24 065 Tue Tuesday Mar March PM 02 2 % Tue Mar  5 14:07:09 2024|03/05/24|14:07:09"},
		{"strptime", `str(datetime.strptime('2024-03-05 14:07', '%Y-%m-%d %H:%M'))`, "2024-03-05 14:07:00"},
		{"strptime names", `str(datetime.strptime('5 March 2024 2:07 PM', '%d %B %Y %I:%M %p'))`, "2024-03-05 14:07:00"},
		{"strptime mismatch", `failure(lambda: datetime.strptime('2024/03/05', '%Y-%m-%d'))`,
			"ValueError: time data '2024/03/05' does not match format '%Y-%m-%d'"},
		{"utcfromtimestamp", `datetime.utcfromtimestamp(int('1731555795')).strftime('%Y-%m-%d')`, "2024-11-14"},
		{"plus a timedelta", `str(datetime(2024, 2, 28, 23, 0) + timedelta(hours=2))`, "2024-02-29 01:00:00"},
		{"minus a timedelta", `str(datetime(2024, 3, 1) - timedelta(days=1, minutes=30))`, "2024-02-28 23:30:00"},
		{"difference", `[(datetime(2024, 3, 5, 12) - datetime(2024, 3, 1)).days, (datetime(2024, 3, 5, 12) - datetime(2024, 3, 1)).seconds, (datetime(2024, 3, 5, 12) - datetime(2024, 3, 1)).total_seconds()]`,
			[]any{4.0, 43200.0, 388800.0}},
		{"timedelta str", `[str(timedelta(days=1, hours=2, minutes=3, seconds=4)), str(timedelta(hours=-1)), str(timedelta(seconds=90)), str(2 * timedelta(minutes=45))]`,
			[]any{"1 day, 2:03:04", "-1 day, 23:00:00", "0:01:30", "1:30:00"}},
		{"date", `[str(date(2024, 3, 5)), date(2024, 3, 5).isoformat(), date(2024, 3, 5).weekday(), str(date(2024, 3, 5) + timedelta(days=30)), datetime(2024, 3, 5, 9, 30).date().isoformat()]`,
			[]any{"2024-03-05", "2024-03-05", 1.0, "2024-04-04", "2024-03-05"}},
		{"isoformat", `[datetime(2024, 3, 5, 9, 30).isoformat(), datetime(2024, 3, 5, 9, 30, 0, 5).isoformat(' '), datetime.fromisoformat('2024-03-05T09:30:15').minute]`,
			[]any{"2024-03-05T09:30:00", "2024-03-05 09:30:00.000005", 30.0}},
		{"compare", `[datetime(2024, 1, 1) < datetime(2024, 1, 2), datetime(2024, 1, 1) == datetime(2024, 1, 1), timedelta(1) > timedelta(hours=23), date(2024, 1, 1) == date(2024, 1, 1)]`,
			[]any{true, true, true, true}},
		{"fields", `[datetime(2024, 3, 5, 9, 30, 1).year, datetime(2024, 3, 5, 9, 30, 1).month, datetime(2024, 3, 5, 9, 30, 1).second, datetime(2024, 3, 5).replace(day=31).day]`,
			[]any{2024.0, 3.0, 1.0, 31.0}},
		{"bad day", `failure(lambda: datetime(2024, 2, 30))`, "ValueError: day is out of range for month"},
		{"now is a datetime", `[isinstance(datetime.now(), datetime), datetime.now().year >= 2024, isinstance(date.today(), date)]`, []any{true, true, true}},
	}
	failure := "def failure(f):\n    try:\n        f()\n    except ValueError as e:\n        return 'ValueError: ' + str(e)\n    return ''\n"
	checkExpressions(t, "from datetime import datetime, timedelta, date\n"+failure, tests)
}
