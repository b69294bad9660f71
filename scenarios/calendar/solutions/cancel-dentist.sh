# Reference solution in Bash: cancel Friday's dentist appointment.
A="Authorization: Bearer ya29.difflab"
C=https://www.googleapis.com/calendar/v3

id=$(curl -sf -G "$C/calendars/primary/events" -H "$A" -d q=Dentist | jq -r '[.items[] | select(.summary // "" | contains("Dentist"))][0].id')
[ "$(curl -s -o /dev/null -w '%{http_code}' -X DELETE "$C/calendars/primary/events/$id" -H "$A")" = 204 ] || exit 1
echo "cancelled $id"
