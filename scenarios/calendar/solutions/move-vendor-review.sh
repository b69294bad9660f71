# Reference solution in Bash: move the Parcelwise vendor review to the same time on Tuesday.
A="Authorization: Bearer ya29.difflab"
C=https://www.googleapis.com/calendar/v3

id=$(curl -sf -G "$C/calendars/primary/events" -H "$A" -d q=Parcelwise | jq -r '[.items[] | select(.summary // "" | contains("Parcelwise"))][0].id')
curl -sf -X PATCH "$C/calendars/primary/events/$id" -H "$A" --json @- <<'JSON' | jq -r '"moved to \(.start.dateTime)"'
{"start": {"dateTime": "2026-03-31T11:00:00-07:00", "timeZone": "America/Los_Angeles"},
 "end": {"dateTime": "2026-03-31T12:00:00-07:00", "timeZone": "America/Los_Angeles"}}
JSON
