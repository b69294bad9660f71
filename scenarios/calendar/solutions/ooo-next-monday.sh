# Reference solution in Bash: an all-day out-of-office entry next Monday.
A="Authorization: Bearer ya29.difflab"
C=https://www.googleapis.com/calendar/v3

# The calendar list, every page (nextPageToken), one calendar a line.
token=''
while :; do
  page=$(curl -sf -G "$C/users/me/calendarList" -H "$A" -d showHidden=true ${token:+-d pageToken=$token})
  echo "$page" | jq -c '.items[]'
  token=$(echo "$page" | jq -r '.nextPageToken // ""')
  [ -n "$token" ] || break
done > /tmp/calendars.jsonl
cal=$(jq -r 'select((.summaryOverride // .summary) == "Out of Office" or .summary == "Out of Office") | .id' /tmp/calendars.jsonl | head -1)
curl -sf -X POST "$C/calendars/$(jq -rn --arg c "$cal" '$c | @uri')/events" -H "$A" \
  --json '{"summary": "Priya — out (family event)", "start": {"date": "2026-03-30"}, "end": {"date": "2026-03-31"}}' | jq -r '"added \(.summary) on \(.start.date)"'
