# Reference solution in Bash: delete every DRAFT placeholder event.
A="Authorization: Bearer ya29.difflab"
C=https://www.googleapis.com/calendar/v3

curl -sf -G "$C/calendars/primary/events" -H "$A" -d q=DRAFT -d maxResults=2500 \
  | jq -r '.items[] | select(.summary // "" | startswith("DRAFT")) | .id' \
  | while read -r id; do
      curl -sf -X DELETE "$C/calendars/primary/events/$id" -H "$A" && echo "deleted $id"
    done
