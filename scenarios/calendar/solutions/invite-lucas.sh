# Reference solution in Bash: add Lucas to the Parcelwise vendor review, keeping the other attendees.
A="Authorization: Bearer ya29.difflab"
C=https://www.googleapis.com/calendar/v3

curl -sf -G "$C/calendars/primary/events" -H "$A" -d q=Parcelwise | jq -c '[.items[] | select(.summary // "" | contains("Parcelwise"))][0]' > /tmp/event.json
id=$(jq -r .id /tmp/event.json)
body=$(jq -c '{attendees: (.attendees + [{email: "lucas@harborlight.example"}])}' /tmp/event.json)
curl -sf -X PATCH "$C/calendars/primary/events/$id" -H "$A" --json "$body" | jq -r '"\(.summary): \(.attendees | length) attendees"'
